import {
  AppstoreOutlined,
  BellOutlined,
  BlockOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  FontSizeOutlined,
  GlobalOutlined,
  PictureOutlined,
  PlaySquareOutlined,
  QrcodeOutlined,
  ShoppingOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { BLOCK_TYPE_UI, blockTypeNames } from '@htv/shared/areas/themes/index';
import { Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLang } from '../../../locales';

/** The drag data type a palette tile carries onto the canvas. */
export const BLOCK_DRAG_TYPE = 'application/x-htv-block';

/** Each block type's picture in the palette; a type an area adds without one shows the generic block. */
const ICONS: Record<string, ReactNode> = {
  text: <FontSizeOutlined />,
  image: <PictureOutlined />,
  video: <VideoCameraOutlined />,
  clock: <ClockCircleOutlined />,
  weather: <CloudOutlined />,
  qrCode: <QrcodeOutlined />,
  app: <AppstoreOutlined />,
  webPage: <GlobalOutlined />,
  notice: <BellOutlined />,
  subtitle: <FileTextOutlined />,
  shop: <ShoppingOutlined />,
  vod: <PlaySquareOutlined />,
  introduction: <FileTextOutlined />,
  music: <CustomerServiceOutlined />,
};

/**
 * The blocks a page may hold, each a tile with its picture and name (its purpose on hover): a click
 * puts one in the middle of the stage, a drag puts it where it is dropped on the canvas.
 */
export function BlockPalette({ disabled, onAdd }: { disabled: boolean; onAdd: (type: string) => void }) {
  const lang = useLang();
  return (
    <div data-testid="block-palette" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))', gap: 6 }}>
      {blockTypeNames().map((type) => {
        const ui = BLOCK_TYPE_UI[type];
        const name = ui?.label[lang] ?? type;
        return (
          <Tooltip key={type} title={ui?.description[lang]} placement="top">
            <button
              type="button"
              disabled={disabled}
              draggable={!disabled}
              onDragStart={(event) => {
                event.dataTransfer.setData(BLOCK_DRAG_TYPE, type);
                event.dataTransfer.effectAllowed = 'copy';
              }}
              onClick={() => onAdd(type)}
              aria-label={name}
              aria-description={ui?.description[lang]}
              data-testid={`palette-${type}`}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 2,
                padding: '6px 2px',
                border: '1px solid #d9d9d9',
                borderRadius: 6,
                background: '#fff',
                cursor: disabled ? 'not-allowed' : 'grab',
                opacity: disabled ? 0.5 : 1,
              }}
            >
              <span style={{ fontSize: 20, color: '#1677ff' }}>{ICONS[type] ?? <BlockOutlined />}</span>
              <Typography.Text style={{ fontSize: 12 }} ellipsis>
                {name}
              </Typography.Text>
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}
