import { defineArea } from '../registry';

/** The hotel's FAQ (`openArea` faq): its page, from the `faq` configuration part. */
defineArea({ key: 'faq', part: 'faq', load: () => import('./FaqPage') });
