import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorResult } from './ErrorResult';

/**
 * A render error or a failed lazy load (ChunkLoadError after a deploy): logged, and offered a reload.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <ErrorResult
      status="500"
      title="500"
      subTitle={t('errorPage.serverError')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
      }
    />
  );
}
