import type { VodConfigPart } from '@htv/shared/areas/vod/device';
import { AreaPartsProvider, AreaScreen } from '@htv/renderer/areas/index';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client';
import { useTexts } from '../../locales';
import { VOD_TEXTS } from './locales';

type Option = { value: number; label: string };

/**
 * `/vod_operation/hotel_template`: what a chosen hotel's TVs resolve (the server's `hotel-preview`,
 * the TVs' own resolution without MAC sends), drawn with the TV's own VOD page (`AreaScreen`), full
 * window, the keyboard as the remote; Back closes it.
 */
export default function HotelTemplatePage() {
  const m = useTexts(VOD_TEXTS);
  const [keyword, setKeyword] = useState('');
  const [hotelId, setHotelId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const hotels = useQuery({ queryKey: ['records', 'hotel', 'options', keyword], queryFn: () => api.get<Option[]>('/records/hotel/options', { keyword: keyword || undefined }) });
  const part = useQuery({ queryKey: ['vod', 'hotel-preview', hotelId], enabled: hotelId !== null, queryFn: () => api.get<VodConfigPart>('/admin/vod/hotel-preview', { hotelId: hotelId! }) });
  return (
    <Card title={m('previewTitle')} data-testid="vod-hotel-template">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{m('previewHint')}</Typography.Paragraph>
        <Space>
          <Select<number>
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            style={{ width: 320 }}
            placeholder={m('chooseHotel')}
            aria-label={m('hotel')}
            data-testid="vod-hotel-select"
            options={hotels.data ?? []}
            value={hotelId ?? undefined}
            onChange={(value) => setHotelId(value)}
          />
          <Button type="primary" disabled={!part.data} onClick={() => setOpen(true)} data-testid="vod-hotel-open">
            {m('open')}
          </Button>
        </Space>
        {part.isFetching && <Spin />}
        {part.data &&
          (part.data.rows.length ? (
            <Typography.Text data-testid="vod-hotel-summary">
              {m('rows', { names: part.data.rows.map((row) => row.name).join('、') })} · {m('films', { count: part.data.movies.length })}
            </Typography.Text>
          ) : (
            <Alert type="info" showIcon message={m('none')} />
          ))}
      </Space>
      {open && part.data && (
        <div style={{ position: 'fixed', inset: 0, zIndex: 1000, background: '#000' }} data-testid="vod-hotel-preview">
          <AreaPartsProvider parts={{ vod: part.data }}>
            <AreaScreen areaKey="vod" lang="zh-CN" fallbacks={['zh-CN', 'en']} onClose={() => setOpen(false)} onFailed={() => setOpen(false)} />
          </AreaPartsProvider>
          <Button style={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }} onClick={() => setOpen(false)}>
            {m('close')}
          </Button>
        </div>
      )}
    </Card>
  );
}
