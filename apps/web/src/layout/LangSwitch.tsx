import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, setLang, useLang, type Lang } from '../locales';

/** Header language switch: zh-CN / en-US, remembered in localStorage. */
export function LangSwitch({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((code) => ({ key: code, label: t(`lang.${code}`) })),
        onClick: ({ key }) => void setLang(key as Lang),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('lang.label')} data-testid="lang-switch" style={dark ? { color: '#fff' } : undefined}>
        {t(`lang.${lang}`)}
      </Button>
    </Dropdown>
  );
}
