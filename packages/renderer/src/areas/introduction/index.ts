import { defineArea } from '../registry';

/**
 * The hotel's introductions (`openArea` introduction): its page and the `introduction` slot blocks
 * on the launcher, from the `introduction` configuration part (docs/introduction.md).
 */
defineArea({ key: 'introduction', part: 'introduction', slots: ['introduction'], load: () => import('./IntroductionTv') });
