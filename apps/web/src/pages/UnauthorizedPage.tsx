import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

/** error_401: a route the user's access list does not include. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return <ErrorResult status="403" title="401" subTitle={t('errorPage.unauthorized')} />;
}
