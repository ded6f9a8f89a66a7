import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { ListColumn } from '@htv/shared';
import { Button, Checkbox, Dropdown, Popover, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DENSITIES, type Density } from './listSettings';

export interface ListToolbarProps {
  onRefresh: () => void;
  refreshing: boolean;
  density: Density;
  onDensity: (density: Density) => void;
  /** Every column the page can show, in order; the first (the title) cannot move or hide. */
  columns: ListColumn[];
  labels: Record<string, string>;
  onColumns: (columns: ListColumn[]) => void;
  onResetColumns: () => void;
}

/** The table's own tools right of the page's actions: refresh, density and column settings. */
export function ListToolbar({ onRefresh, refreshing, density, onDensity, columns, labels, onColumns, onResetColumns }: ListToolbarProps) {
  const { t } = useTranslation();
  const densityLabel: Record<Density, string> = { large: t('crud.densityDefault'), middle: t('crud.densityMiddle'), small: t('crud.densitySmall') };
  return (
    <Space size={4}>
      <Tooltip title={t('crud.refresh')}>
        <Button type="text" icon={<ReloadOutlined spin={refreshing} />} onClick={onRefresh} aria-label={t('crud.refresh')} data-testid="list-refresh" />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: DENSITIES.map((key) => ({ key, label: <span data-testid={`list-density-${key}`}>{densityLabel[key]}</span> })),
          onClick: ({ key }) => onDensity(key as Density),
        }}
      >
        <Tooltip title={t('crud.density')}>
          <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('crud.density')} data-testid="list-density" />
        </Tooltip>
      </Dropdown>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            {t('crud.columnSettings')}
            <Button type="link" size="small" onClick={onResetColumns} data-testid="column-settings-reset">
              {t('crud.columnsReset')}
            </Button>
          </Space>
        }
        content={<ColumnList columns={columns} labels={labels} onColumns={onColumns} />}
      >
        <Tooltip title={t('crud.columnSettings')}>
          <Button type="text" icon={<SettingOutlined />} aria-label={t('crud.columnSettings')} data-testid="list-column-settings" />
        </Tooltip>
      </Popover>
    </Space>
  );
}

function ColumnList({ columns, labels, onColumns }: Pick<ListToolbarProps, 'columns' | 'labels' | 'onColumns'>) {
  const { t } = useTranslation();
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onColumns(next);
  };
  const toggle = (index: number, shown: boolean) => onColumns(columns.map((c, i) => (i === index ? { ...c, shown } : c)));
  return (
    <div style={{ maxHeight: 360, overflowY: 'auto', minWidth: 220 }} data-testid="column-settings">
      {columns.map((column, index) => {
        const locked = index === 0;
        return (
          <div key={column.name} style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }} data-testid={`column-setting-${column.name}`}>
            <Checkbox checked={column.shown} disabled={locked} onChange={(e) => toggle(index, e.target.checked)} style={{ flex: 1 }}>
              <Typography.Text>{labels[column.name] ?? column.name}</Typography.Text>
            </Checkbox>
            <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={locked || index === 1} onClick={() => move(index, -1)} aria-label={t('crud.moveUp')} data-testid="column-move-up" />
            <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={locked || index === columns.length - 1} onClick={() => move(index, 1)} aria-label={t('crud.moveDown')} data-testid="column-move-down" />
          </div>
        );
      })}
    </div>
  );
}
