import { defineArea } from '../registry';

/** The room's running washes over every screen (docs/laundry.md). */
defineArea({ key: 'laundry', part: 'laundry', overlay: true, load: () => import('./LaundryTv') });
