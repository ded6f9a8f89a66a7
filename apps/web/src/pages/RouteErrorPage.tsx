import { Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../app/lazyPage';
import { ErrorResult } from './ErrorResult';

/**
 * A render error outside the pages, or a failed lazy load of the login page or the shell
 * (ChunkLoadError after a deploy or a timeout): logged, and offered a reload.
 */
export default function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const chunk = isChunkLoadError(error);
  return (
    <ErrorResult
      status={chunk ? 'warning' : '500'}
      title={chunk ? t('errorPage.chunkTitle') : '500'}
      subTitle={chunk ? t('errorPage.chunkError') : t('errorPage.serverError')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </Button>
      }
    />
  );
}
