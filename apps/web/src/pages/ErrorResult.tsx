import { Button, Result } from 'antd';
import type { ResultStatusType } from 'antd/es/result';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../app/routes';
import { usePageTitle } from '../layout/usePageTitle';

/** Full-page error result with a way back home. */
export function ErrorResult({ status, title, subTitle, extra }: { status: ResultStatusType; title: string; subTitle: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(title);
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          extra ?? (
            <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
              {t('errorPage.backHome')}
            </Button>
          )
        }
      />
    </div>
  );
}
