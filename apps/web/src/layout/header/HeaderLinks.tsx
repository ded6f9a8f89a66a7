import { MessageOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_BASE } from '../../api/client';
import { can, type SessionInfo } from '../../auth/access';
import { useSessionInfo } from '../../auth/session';
import { useLang } from '../../locales';

/** The feedback page (a public route, spec §2; apps/web/src/areas/feedback) and the permission that shows its link. */
export const FEEDBACK_PATH = '/fb/index';
export const FEEDBACK_PERMISSION = 'feedback.create';

/** Spec §6: feedback for types 2 and 3 with the feedback permission; help for type 3 or when coming from a brand. */
export function headerLinks(info: SessionInfo): { feedback: boolean; help: boolean } {
  const user = info.loginInfo;
  return {
    feedback: (user.user_type === 2 || user.user_type === 3) && can(user, FEEDBACK_PERMISSION),
    help: user.user_type === 3 || !!info.fromBrand,
  };
}

/** The help document shipped with the console (apps/web/public/help), in the interface language. */
export function helpUrl(lang: string): string {
  return `${APP_BASE}/help/index.html?lang=${encodeURIComponent(lang)}`;
}

export function HeaderLinks() {
  const { t } = useTranslation();
  const lang = useLang();
  const info = useSessionInfo();
  const links = headerLinks(info);
  return (
    <>
      {links.feedback && (
        <Tooltip title={t('header.feedback')}>
          <Button type="text" icon={<MessageOutlined />} href={`${APP_BASE}${FEEDBACK_PATH}`} target="_blank" rel="noopener" aria-label={t('header.feedback')} data-testid="feedback-link" />
        </Tooltip>
      )}
      {links.help && (
        <Tooltip title={t('header.help')}>
          <Button type="text" icon={<QuestionCircleOutlined />} href={helpUrl(lang)} target="_blank" rel="noopener" aria-label={t('header.help')} data-testid="help-link" />
        </Tooltip>
      )}
    </>
  );
}
