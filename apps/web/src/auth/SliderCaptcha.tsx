import { CheckCircleFilled, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Spin, Tooltip, Typography } from 'antd';
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, showApiError } from '../api/client';

/** A drag-captcha challenge as `GET /api/captcha` issues it (images are PNG data URLs). */
interface Challenge {
  id: string;
  background: string;
  piece: string;
  width: number;
  height: number;
  pieceWidth: number;
  pieceHeight: number;
  pieceY: number;
  expiresIn: number;
}

export interface SliderCaptchaHandle {
  /**
   * Draws a new challenge (after a failed login: a pass token is single-use). The owner clears the
   * value itself, without validating it: a fresh puzzle is no mistake of the user's.
   */
  reset: () => void;
}

interface Props {
  /** The pass token of `POST /api/captcha/verify`, or null while unsolved. */
  value?: string | null;
  onChange?: (pass: string | null) => void;
  id?: string;
}

const HANDLE = 40;

/**
 * The drag captcha of the login (spec §9): drag the piece into the gap; the x it is dropped at and the
 * drag trail go to the server, which answers a single-use pass token for the login call.
 */
export const SliderCaptcha = forwardRef<SliderCaptchaHandle, Props>(function SliderCaptcha({ value, onChange, id }, ref) {
  const { t } = useTranslation();
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [loading, setLoading] = useState(false);
  const [x, setX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);
  const start = useRef<{ pointerX: number; trail: { x: number; t: number }[] } | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const valueRef = useRef(value);
  valueRef.current = value;

  /** A new challenge; `clear` drops the pass token the user had (a refresh, an expiry). */
  const load = useCallback(async (clear = true) => {
    setLoading(true);
    setX(0);
    setFailed(false);
    if (clear && valueRef.current) onChangeRef.current?.(null);
    try {
      const next = await api.get<Challenge>('/captcha');
      setChallenge(next);
      clearTimeout(expiry.current);
      expiry.current = setTimeout(() => void load(), Math.max(10, next.expiresIn - 5) * 1000);
    } catch (error) {
      showApiError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useImperativeHandle(ref, () => ({ reset: () => void load(false) }), [load]);

  useEffect(() => {
    void load();
    return () => clearTimeout(expiry.current);
  }, [load]);

  const solved = !!value;
  const maxX = challenge ? challenge.width - challenge.pieceWidth : 0;

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!challenge || solved || checking) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { pointerX: event.clientX, trail: [{ x: 0, t: Date.now() }] };
    setFailed(false);
    setDragging(true);
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!dragging || !start.current) return;
    const next = Math.min(maxX, Math.max(0, event.clientX - start.current.pointerX));
    start.current.trail.push({ x: next, t: Date.now() });
    setX(next);
  };

  const onPointerUp = async () => {
    if (!dragging || !start.current || !challenge) return;
    setDragging(false);
    const trail = start.current.trail.slice(-400);
    start.current = null;
    if (x === 0) return;
    setChecking(true);
    try {
      const { pass } = await api.post<{ pass: string }>('/captcha/verify', { id: challenge.id, x: Math.round(x), trail });
      onChangeRef.current?.(pass);
    } catch {
      setFailed(true);
      setTimeout(() => void load(), 800);
    } finally {
      setChecking(false);
    }
  };

  const width = challenge?.width ?? 320;
  const height = challenge?.height ?? 160;
  const trackColor = solved ? '#f6ffed' : failed ? '#fff1f0' : '#f5f5f5';
  const borderColor = solved ? '#b7eb8f' : failed ? '#ffa39e' : '#d9d9d9';

  return (
    <div id={id} style={{ width, maxWidth: '100%', userSelect: 'none' }} data-testid="slider-captcha">
      <Spin spinning={loading || checking}>
        <div style={{ position: 'relative', width, height, borderRadius: 6, overflow: 'hidden', background: '#f0f0f0' }}>
          {challenge && (
            <>
              <img src={challenge.background} width={width} height={height} alt="" draggable={false} style={{ display: 'block' }} />
              <img
                src={challenge.piece}
                width={challenge.pieceWidth}
                height={challenge.pieceHeight}
                alt=""
                draggable={false}
                style={{ position: 'absolute', left: x, top: challenge.pieceY, filter: 'drop-shadow(0 0 3px rgba(0,0,0,.6))' }}
              />
            </>
          )}
          <Tooltip title={t('captcha.refresh')}>
            <Button
              size="small"
              shape="circle"
              icon={<ReloadOutlined />}
              aria-label={t('captcha.refresh')}
              onClick={() => void load()}
              style={{ position: 'absolute', top: 6, right: 6 }}
            />
          </Tooltip>
        </div>
      </Spin>
      <div
        style={{
          position: 'relative',
          height: HANDLE,
          marginTop: 8,
          borderRadius: 6,
          border: `1px solid ${borderColor}`,
          background: trackColor,
          textAlign: 'center',
          lineHeight: `${HANDLE - 2}px`,
        }}
      >
        <Typography.Text type={solved ? 'success' : failed ? 'danger' : 'secondary'} style={{ fontSize: 13 }}>
          {solved ? t('captcha.verified') : failed ? t('captcha.failed') : t('captcha.drag')}
        </Typography.Text>
        <div
          role="slider"
          aria-label={t('captcha.drag')}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(x)}
          tabIndex={0}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => void onPointerUp()}
          onPointerCancel={() => void onPointerUp()}
          style={{
            position: 'absolute',
            top: -1,
            left: Math.min(x, Math.max(0, width - HANDLE)),
            width: HANDLE,
            height: HANDLE,
            borderRadius: 6,
            background: solved ? '#52c41a' : '#1677ff',
            color: '#fff',
            display: 'grid',
            placeItems: 'center',
            cursor: solved ? 'default' : 'grab',
            touchAction: 'none',
          }}
        >
          {solved ? <CheckCircleFilled /> : <RightOutlined />}
        </div>
      </div>
    </div>
  );
});
