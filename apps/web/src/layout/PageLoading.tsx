import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spinner shown while a lazily loaded page arrives. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : 240 }}>
      <Spin description={t('app.loading')}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
