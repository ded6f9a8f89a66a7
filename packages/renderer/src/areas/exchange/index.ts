import { defineArea } from '../registry';

/**
 * The exchange-rate board (`openArea` exchange), from the `exchange` configuration part
 * (docs/exchange.md).
 */
defineArea({ key: 'exchange', part: 'exchange', load: () => import('./ExchangeTv') });
