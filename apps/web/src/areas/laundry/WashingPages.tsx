import { records } from '@htv/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, List, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLang, useTexts } from '../../locales';
import { GuestShell } from '../phone/GuestShell';
import { guestCall } from '../phone/guestApi';
import { LAUNDRY_TEXTS } from './locales';

interface Machine {
  id: number;
  number: string;
  type: string;
}
interface Booking extends Omit<Machine, 'id'> {
  id: number;
  state: 'running' | 'finished' | 'done' | 'failed';
  endsAt: string | null;
}
interface Overview {
  hotel: string;
  roomNumber: string | null;
  machines: Machine[];
  bookings: Booking[];
}

/**
 * The guests' laundry pages (public, docs/laundry.md), reached by the laundry QR code of the room's TV
 * (a signed token naming the TV, hence the hotel and the room). The `_lg` addresses are the same pages
 * laid out for a large screen (a tablet or kiosk in the laundry room, a TV's browser).
 */
function usePage() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const large = pathname.endsWith('_lg');
  const token = params.get('token');
  const to = (page: 'list' | 'start' | 'complete', extra: Record<string, string> = {}) => {
    const path = { list: '/h5_washing', start: '/h5_washing/start', complete: '/h5_washing/complete' }[page];
    const lg = large && page !== 'start' ? '_lg' : '';
    return `${path}${lg}?${new URLSearchParams({ token: token ?? '', ...extra })}`;
  };
  return { token, params, large, to };
}

function useMachineType() {
  const lang = useLang();
  return (type: string) => records.washingMachine.fields.type.options?.[type]?.[lang] ?? type;
}

const minutesLeft = (endsAt: string | null) => (endsAt ? Math.max(0, Math.ceil((Date.parse(endsAt) - Date.now()) / 60_000)) : 0);

function useOverview(token: string | null) {
  return useQuery({ queryKey: ['laundry', token], queryFn: () => guestCall<Overview>('GET', '/laundry/guest', { query: { token } }), enabled: !!token, retry: false, refetchInterval: 15_000 });
}

/** Nothing to show without a valid token: where the code is, in the guest's language. */
function NoToken({ error }: { error?: unknown }) {
  const m = useTexts(LAUNDRY_TEXTS);
  return (
    <GuestShell title={m('title')}>
      <Result status={error ? 'warning' : 'info'} title={error ? (error as Error).message : undefined} subTitle={m('scanTv')} data-testid="washing-no-token" />
    </GuestShell>
  );
}

function BookingLine({ booking, to }: { booking: Booking; to: (page: 'complete', extra: Record<string, string>) => string }) {
  const m = useTexts(LAUNDRY_TEXTS);
  const typeName = useMachineType();
  const navigate = useNavigate();
  const status = booking.state === 'running' ? m('running', { minutes: minutesLeft(booking.endsAt) }) : m(booking.state);
  return (
    <List.Item onClick={() => navigate(to('complete', { booking: String(booking.id) }))} style={{ cursor: 'pointer' }} data-testid="washing-booking">
      <span>{m('machine', { type: typeName(booking.type), number: booking.number })}</span>
      <Tag color={booking.state === 'finished' ? 'orange' : booking.state === 'running' ? 'blue' : 'default'}>{status}</Tag>
    </List.Item>
  );
}

/** /h5_washing and /h5_washing_lg: the free machines of the hotel and the room's own washes. */
export function WashingListPage() {
  const m = useTexts(LAUNDRY_TEXTS);
  const typeName = useMachineType();
  const navigate = useNavigate();
  const { token, large, to } = usePage();
  const overview = useOverview(token);
  if (!token || overview.isError) return <NoToken error={overview.error} />;
  if (!overview.data) return <Spin fullscreen />;
  const { hotel, roomNumber, machines, bookings } = overview.data;
  return (
    <GuestShell title={m('title')} wide={large}>
      <Alert type="info" message={m('room', { hotel, room: roomNumber ?? '' })} style={{ marginBottom: 16 }} data-testid="washing-place" />
      {bookings.length > 0 && (
        <Card title={m('yourWashes')} size="small" style={{ marginBottom: 16 }}>
          <List dataSource={bookings} renderItem={(booking) => <BookingLine booking={booking} to={to} />} />
        </Card>
      )}
      <Card title={m('freeMachines')} size="small">
        {machines.length === 0 ? (
          <Result status="info" subTitle={m('none')} data-testid="washing-none" />
        ) : (
          <List
            grid={large ? { gutter: 16, column: 4 } : undefined}
            dataSource={machines}
            renderItem={(machine) => (
              <List.Item
                data-testid="washing-machine"
                data-number={machine.number}
                extra={
                  <Button type="primary" onClick={() => navigate(to('start', { machine: String(machine.id), number: machine.number, type: machine.type }))}>
                    {m('choose')}
                  </Button>
                }
              >
                {m('machine', { type: typeName(machine.type), number: machine.number })}
              </List.Item>
            )}
          />
        )}
      </Card>
    </GuestShell>
  );
}

/** /h5_washing/start: books the chosen machine for the room and starts it; a machine taken meanwhile says so. */
export function WashingStartPage() {
  const m = useTexts(LAUNDRY_TEXTS);
  const typeName = useMachineType();
  const navigate = useNavigate();
  const { token, params, to } = usePage();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const machineId = Number(params.get('machine'));
  if (!token || !machineId) return <NoToken />;
  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const booked = await guestCall<{ bookingId: number }>('POST', '/laundry/guest/book', { query: { token }, body: { machineId } });
      navigate(to('complete', { booking: String(booked.bookingId) }), { replace: true });
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <GuestShell title={m('title')}>
      <Card title={m('machine', { type: typeName(params.get('type') ?? ''), number: params.get('number') ?? '' })}>
        {failure && <Alert type="warning" message={failure} style={{ marginBottom: 16 }} data-testid="washing-failed" />}
        <Button type="primary" size="large" block loading={busy} onClick={() => void start()} data-testid="washing-start">
          {busy ? m('booking') : m('book')}
        </Button>
        <Button type="link" block onClick={() => navigate(to('list'))}>
          {m('back')}
        </Button>
      </Card>
    </GuestShell>
  );
}

/** /h5_washing/complete and _lg: the booking's time left, then the request to take the laundry out. */
export function WashingCompletePage() {
  const m = useTexts(LAUNDRY_TEXTS);
  const typeName = useMachineType();
  const navigate = useNavigate();
  const { token, params, large, to } = usePage();
  const id = Number(params.get('booking'));
  const booking = useQuery({ queryKey: ['laundryBooking', token, id], queryFn: () => guestCall<Booking>('GET', `/laundry/guest/bookings/${id}`, { query: { token } }), enabled: !!token && !!id, retry: false, refetchInterval: 10_000 });
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  const [thanked, setThanked] = useState(false);
  if (!token || !id || booking.isError) return <NoToken error={booking.error} />;
  if (!booking.data) return <Spin fullscreen />;
  const b = booking.data;
  const unload = async () => {
    await guestCall('POST', `/laundry/guest/bookings/${id}/unloaded`, { query: { token } });
    setThanked(true);
    void booking.refetch();
  };
  const title = m('machine', { type: typeName(b.type), number: b.number });
  return (
    <GuestShell title={m('title')} wide={large}>
      {thanked || b.state === 'done' ? (
        <Result status="success" title={title} subTitle={m('thanks')} data-testid="washing-done" />
      ) : b.state === 'finished' ? (
        <Result
          status="warning"
          title={title}
          subTitle={m('finished')}
          extra={
            <Button type="primary" size="large" onClick={() => void unload()} data-testid="washing-unloaded">
              {m('unloaded')}
            </Button>
          }
          data-testid="washing-finished"
        />
      ) : b.state === 'failed' ? (
        <Result status="error" title={title} subTitle={m('failed')} />
      ) : (
        <Result status="info" title={title} subTitle={m('running', { minutes: minutesLeft(b.endsAt) })} data-testid="washing-running" />
      )}
      <Button type="link" block onClick={() => navigate(to('list'))}>
        {m('back')}
      </Button>
    </GuestShell>
  );
}
