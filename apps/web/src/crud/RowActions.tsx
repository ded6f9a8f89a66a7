import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, theme } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One action of a row: its button (with its own confirm or dialog). */
export interface RowActionItem {
  key: string;
  node: ReactNode;
}

/** Up to this many actions stay in the row; more keep the first `INLINE_WHEN_FOLDED` and fold the rest. */
const MAX_INLINE = 3;
const INLINE_WHEN_FOLDED = 2;

/**
 * The folded actions' panel sits below dialogs and drawers (z-index 1000) an action opens, so they are
 * never covered by it; popconfirms (1060) still open above it.
 */
const PANEL_Z_INDEX = 999;

/** How many of `count` actions a row shows in line (the rest go behind "More"). */
export const inlineRowActions = (count: number) => (count <= MAX_INLINE ? count : INLINE_WHEN_FOLDED);

/**
 * A row's actions on one line: a few in line, the rest behind "More" (the ProTable habit), so the
 * actions column stays narrow. The panel closes on a click outside it or Escape; the popconfirms and
 * dialogs its buttons open belong to it (they are its children), so it stays open, under a dialog,
 * until then, and its buttons stay mounted once shown, so nothing they opened is cut short.
 */
export function RowActions({ items }: { items: RowActionItem[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const inline = items.slice(0, inlineRowActions(items.length));
  const folded = items.slice(inline.length);
  return (
    <Space size={0} style={{ whiteSpace: 'nowrap' }}>
      {inline.map((item) => (
        <Fragment key={item.key}>{item.node}</Fragment>
      ))}
      {folded.length > 0 && (
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          styles={{ root: { zIndex: PANEL_Z_INDEX } }}
          popupRender={() => (
            <div
              data-testid="row-actions-menu"
              style={{ background: token.colorBgElevated, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowSecondary, padding: token.paddingXXS }}
            >
              <Space orientation="vertical" size={0} style={{ alignItems: 'flex-start' }}>
                {folded.map((item) => (
                  <Fragment key={item.key}>{item.node}</Fragment>
                ))}
              </Space>
            </div>
          )}
        >
          <Button type="link" size="small" data-testid="row-actions-more">
            {t('crud.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
