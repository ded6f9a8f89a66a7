import { defineArea } from '../registry';

/**
 * The hotel shop (`openArea` shop): its page with the basket and the room's orders, and the `shop`
 * slot blocks on the launcher, from the `shop` configuration part (docs/shop.md).
 */
defineArea({ key: 'shop', part: 'shop', slots: ['shop'], load: () => import('./ShopTv') });
