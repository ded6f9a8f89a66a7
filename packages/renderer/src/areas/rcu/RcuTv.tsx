import { SETPOINT_MAX, SETPOINT_MIN, type RcuDevice } from '@htv/shared/areas/rcu/adapter';
import { RCU_CHANGED_EVENT, RCU_STATE_EVENT, type RcuConfigPart, type RcuRoomState } from '@htv/shared/areas/rcu/device';
import { useCallback, useEffect, useState } from 'react';
import { useAreaDevice, useRemote } from '../host';
import { areaWords, holdPopups, type AreaOverlayProps, type AreaPageProps } from '../registry';

const zh = {
  title: '客房控制',
  room: '房间 {room}',
  unavailable: '本房间暂不支持客房控制',
  loading: '正在读取设备状态…',
  light: '灯光',
  curtain: '窗帘',
  aircon: '空调',
  dnd: '请勿打扰',
  mur: '请即打扫',
  on: '开',
  off: '关',
  open: '已打开',
  closed: '已关闭',
  setpoint: '设定 {degrees}°C',
  roomTemperature: '室温 {degrees}°C',
  cool: '制冷',
  heat: '制热',
  fan: '送风',
  auto: '自动',
  hint: '↑↓ 选择　OK 开关　←→ 调节温度',
  dndSign: '请勿打扰',
};
const en: typeof zh = {
  title: 'Room control',
  room: 'Room {room}',
  unavailable: 'Room control is not available in this room',
  loading: 'Reading the devices…',
  light: 'Light',
  curtain: 'Curtain',
  aircon: 'Air conditioning',
  dnd: 'Do not disturb',
  mur: 'Make up room',
  on: 'On',
  off: 'Off',
  open: 'Open',
  closed: 'Closed',
  setpoint: 'Set to {degrees}°C',
  roomTemperature: 'Room {degrees}°C',
  cool: 'Cool',
  heat: 'Heat',
  fan: 'Fan',
  auto: 'Auto',
  hint: '↑↓ choose   OK switch   ←→ temperature',
  dndSign: 'Do not disturb',
};

const font = 'system-ui, "Noto Sans CJK SC", sans-serif';
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

/** The state words of a device: open/closed for a curtain, on/off for the others. */
function stateOf(device: RcuDevice, w: typeof zh): string {
  if (device.type === 'curtain') return device.on ? w.open : w.closed;
  return device.on ? w.on : w.off;
}

/**
 * The room's devices as the gateway reports them, read when the page opens and again after each
 * change (the answer of a change is the room read afterwards). ↑/↓ choose, OK switches, ←/→ step
 * an air conditioner's set temperature. Without a reachable gateway the page says so and shows no
 * state.
 */
export function Page({ part, lang }: AreaPageProps<RcuConfigPart | null>) {
  const w = areaWords({ zh, en }, lang);
  const device = useAreaDevice();
  const [devices, setDevices] = useState<RcuDevice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [focus, setFocus] = useState(0);
  const [busy, setBusy] = useState(false);

  const took = useCallback((state: RcuRoomState) => {
    setDevices(state.devices);
    setError(null);
    window.dispatchEvent(new CustomEvent(RCU_CHANGED_EVENT, { detail: state.devices }));
  }, []);
  const failed = useCallback((reason: unknown) => {
    setDevices(null);
    setError(reason instanceof Error ? reason.message : String(reason));
  }, []);
  const read = useCallback(() => {
    if (!device || !part) return;
    device.call<RcuRoomState>('GET', '/rcu/devices').then(took, failed);
  }, [device, part, took, failed]);
  useEffect(() => {
    read();
    const again = (event: Event) => !(event as CustomEvent).detail && read();
    window.addEventListener(RCU_CHANGED_EVENT, again);
    return () => window.removeEventListener(RCU_CHANGED_EVENT, again);
  }, [read]);

  const change = (target: RcuDevice, command: { on: boolean } | { setpoint: number }) => {
    if (!device || busy) return;
    setBusy(true);
    device
      .call<RcuRoomState>('POST', `/rcu/devices/${encodeURIComponent(target.id)}`, command)
      .then(took, failed)
      .finally(() => setBusy(false));
  };
  useRemote((key) => {
    if (!devices?.length) return;
    const current = devices[Math.min(focus, devices.length - 1)]!;
    if (key === 'ArrowUp') setFocus((i) => Math.max(0, i - 1));
    else if (key === 'ArrowDown') setFocus((i) => Math.min(devices.length - 1, i + 1));
    else if (key === 'Enter') change(current, { on: !current.on });
    else if ((key === 'ArrowLeft' || key === 'ArrowRight') && current.type === 'aircon' && current.setpoint !== undefined) {
      const next = Math.min(SETPOINT_MAX, Math.max(SETPOINT_MIN, Math.round(current.setpoint) + (key === 'ArrowRight' ? 1 : -1)));
      if (next !== current.setpoint) change(current, { setpoint: next });
    }
  });

  if (!part) return <div data-testid="rcu-unavailable" style={{ padding: '6vh', fontSize: '3vh', fontFamily: font }}>{w.unavailable}</div>;
  return (
    <div data-testid="rcu-page" style={{ padding: '6vh 8vw', height: '100%', boxSizing: 'border-box', fontFamily: font, display: 'flex', flexDirection: 'column', gap: '2.4vh' }}>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: '2vw' }}>
        <div style={{ fontSize: '4.4vh', fontWeight: 700 }}>{w.title}</div>
        <div style={{ fontSize: '2.6vh', opacity: 0.7 }}>{fill(w.room, { room: part.room })}</div>
      </div>
      {error && (
        <div data-testid="rcu-error" style={{ fontSize: '2.8vh', padding: '2vh 2vw', borderRadius: 12, background: 'rgba(220,60,60,.25)' }}>
          {error}
        </div>
      )}
      {!error && !devices && <div style={{ fontSize: '2.6vh', opacity: 0.7 }}>{w.loading}</div>}
      {devices && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: '1.2vh' }}>
          {devices.map((d, i) => (
            <div
              key={d.id}
              data-testid="rcu-device"
              data-id={d.id}
              data-type={d.type}
              data-on={String(d.on)}
              data-focused={i === focus ? 'true' : undefined}
              style={{ display: 'flex', alignItems: 'center', gap: '2vw', padding: '1.6vh 2vw', borderRadius: 12, fontSize: '2.8vh', background: i === focus ? 'rgba(245,166,35,.3)' : 'rgba(255,255,255,.06)', outline: i === focus ? '2px solid #f5a623' : 'none' }}
            >
              <div style={{ width: '22vw' }}>
                {w[d.type]} <span style={{ opacity: 0.6, fontSize: '2.2vh' }}>{d.name}</span>
              </div>
              <div data-testid="rcu-state" style={{ width: '10vw', fontWeight: 700, color: d.on ? '#7ee2a8' : '#9aa7bd' }}>
                {stateOf(d, w)}
              </div>
              {d.type === 'aircon' && (
                <div style={{ display: 'flex', gap: '2vw', opacity: 0.9 }}>
                  {d.setpoint !== undefined && <span data-testid="rcu-setpoint">◀ {fill(w.setpoint, { degrees: d.setpoint })} ▶</span>}
                  {d.mode && <span>{w[d.mode]}</span>}
                  {d.roomTemperature !== undefined && <span style={{ opacity: 0.7 }}>{fill(w.roomTemperature, { degrees: d.roomTemperature })}</span>}
                </div>
              )}
            </div>
          ))}
        </div>
      )}
      <div style={{ marginTop: 'auto', fontSize: '2.2vh', opacity: 0.6 }}>{w.hint}</div>
    </div>
  );
}

/** How often the overlay reads the room for its do-not-disturb (a panel in the room may set it). */
const DND_READ_MS = 60_000;

/**
 * Over every screen: the room's do-not-disturb as the gateway reports it. While it is on, the sign
 * shows and the popups (notices, guest messages) are held back through the registry's hold; an
 * unknown state (the gateway unreachable) holds nothing back.
 */
export function Overlay({ part, lang }: AreaOverlayProps<RcuConfigPart | null>) {
  const device = useAreaDevice();
  const [dnd, setDnd] = useState(false);
  useEffect(() => {
    if (!device || !part) return;
    let current = true;
    const take = (devices: RcuDevice[]) => {
      if (!current) return;
      setDnd(devices.some((d) => d.type === 'dnd' && d.on));
      // The control-link materials compare each read with the one before (docs/rcu.md).
      window.dispatchEvent(new CustomEvent(RCU_STATE_EVENT, { detail: devices }));
    };
    const read = () =>
      device.call<RcuRoomState>('GET', '/rcu/devices').then(
        (state) => take(state.devices),
        () => {
          if (current) setDnd(false);
        },
      );
    read();
    const timer = setInterval(read, DND_READ_MS);
    const changed = (event: Event) => {
      const devices = (event as CustomEvent<RcuDevice[] | undefined>).detail;
      if (devices) take(devices);
      else void read();
    };
    window.addEventListener(RCU_CHANGED_EVENT, changed);
    return () => {
      current = false;
      clearInterval(timer);
      window.removeEventListener(RCU_CHANGED_EVENT, changed);
    };
  }, [device, part]);
  useEffect(() => {
    holdPopups('rcu', dnd);
    return () => holdPopups('rcu', false);
  }, [dnd]);
  if (!dnd) return null;
  const w = areaWords({ zh, en }, lang);
  return (
    <div data-testid="rcu-dnd" style={{ position: 'fixed', top: '3vh', right: '3vw', padding: '1vh 1.4vw', borderRadius: 999, background: 'rgba(200,40,60,.88)', color: '#fff', fontSize: '2vh', fontWeight: 700, fontFamily: font, pointerEvents: 'none', zIndex: 30 }}>
      ⛔ {w.dndSign}
    </div>
  );
}
