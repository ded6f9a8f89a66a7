import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

export default function ServerErrorPage() {
  const { t } = useTranslation();
  return <ErrorResult status="500" title="500" subTitle={t('errorPage.serverError')} />;
}
