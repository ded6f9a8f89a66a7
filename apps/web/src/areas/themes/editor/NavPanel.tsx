import { AimOutlined } from '@ant-design/icons';
import type { Direction } from '@htv/renderer';
import { DIRECTIONS, nearestInDirection } from '@htv/renderer/editing';
import { Button, Form, Select, Space, Typography } from 'antd';
import { useEditorText } from '../editor-locales';
import type { PlacedBlock } from './documentTree';

/**
 * The D-pad moves of one focusable block: per direction the block set by hand, or none (the TV then
 * takes the nearest block that way, named as the placeholder). A target can also be picked on the canvas.
 */
export function NavPanel({ block, blocks, picking, onSet, onPick }: { block: PlacedBlock; blocks: PlacedBlock[]; picking?: Direction; onSet: (direction: Direction, key: string | undefined) => void; onPick: (direction: Direction) => void }) {
  const m = useEditorText();
  if (!block.focusable) return <Typography.Text type="secondary">{m('navNotFocusable')}</Typography.Text>;
  const focusable = blocks.filter((b) => b.focusable && b.key !== block.key);
  const nav = (block.nav ?? {}) as Partial<Record<Direction, string>>;
  return (
    <Form layout="horizontal" size="small" labelCol={{ span: 4 }} data-testid="nav-panel">
      {DIRECTIONS.map((direction) => {
        const nearest = nearestInDirection(block, blocks.filter((b) => b.focusable), direction);
        return (
          <Form.Item key={direction} label={m(direction)} style={{ marginBottom: 6 }}>
            <Space.Compact style={{ width: '100%' }}>
              <Select
                allowClear
                value={nav[direction]}
                placeholder={`${m('navNearest')}${nearest ? `: ${nearest.key}` : ''}`}
                onChange={(key?: string) => onSet(direction, key)}
                options={focusable.map((b) => ({ value: b.key, label: `${b.type} · ${b.key}` }))}
                data-testid={`nav-${direction}`}
                style={{ flex: 1 }}
              />
              <Button icon={<AimOutlined />} type={picking === direction ? 'primary' : 'default'} title={m('navPick')} aria-label={`${m('navPick')} ${m(direction)}`} onClick={() => onPick(direction)} data-testid={`nav-pick-${direction}`} />
            </Space.Compact>
          </Form.Item>
        );
      })}
    </Form>
  );
}
