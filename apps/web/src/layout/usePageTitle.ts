import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page title = product title + route title (spec §2). */
export function usePageTitle(routeTitle?: string) {
  const { t } = useTranslation();
  const product = t('app.title');
  useEffect(() => {
    document.title = routeTitle ? `${product} - ${routeTitle}` : product;
  }, [product, routeTitle]);
}
