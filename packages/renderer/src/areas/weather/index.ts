import { defineArea } from '../registry';

/**
 * The weather (`openArea` weather): its page and the `weather` blocks on the launcher, from the
 * `weather` configuration part (docs/weather.md).
 */
defineArea({ key: 'weather', part: 'weather', slots: ['weather'], load: () => import('./WeatherTv') });
