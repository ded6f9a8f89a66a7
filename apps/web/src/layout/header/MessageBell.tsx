import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../../areas/messages/api';

/** The message center's bell with the unread badge, for every user type. */
export function MessageBell({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const count = useUnreadCount();
  const label = count > 0 ? `${t('header.messages')} (${t('header.unreadCount', { count })})` : t('header.messages');
  return (
    <Tooltip title={label}>
      <Badge count={count} size="small" overflowCount={99} offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={label} onClick={onOpen} data-testid="message-bell" data-count={count} />
      </Badge>
    </Tooltip>
  );
}
