import { can } from '../../auth/access';
import { extendRecord } from '../../crud/extensions';
import { ExchangeImportAction } from './ImportAction';
import { settingsAction } from './SettingsAction';

/**
 * Exchange rates on the generated page (docs/exchange.md): the Excel import and the hotel's base
 * currency; screensaver photos: the idle time and the interval (hotel settings by key).
 */
extendRecord('exchangeRate', {
  toolbar: [
    { key: 'import', visible: (s) => can(s.loginInfo, 'exchangeRate.create'), Component: ExchangeImportAction },
    { key: 'settings', visible: (s) => can(s.loginInfo, 'exchangeRate.update'), Component: settingsAction([{ key: 'exchange_base_currency', label: 'baseCurrency', help: 'baseCurrencyHelp', kind: 'text' }]) },
  ],
});
extendRecord('screensaverPhoto', {
  toolbar: [
    {
      key: 'settings',
      visible: (s) => can(s.loginInfo, 'screensaver.update'),
      Component: settingsAction([
        { key: 'screensaver_idle_minutes', label: 'idleMinutes', help: 'idleMinutesHelp', kind: 'int', min: 0, max: 240 },
        { key: 'screensaver_interval', label: 'interval', kind: 'int', min: 3, max: 3600 },
      ]),
    },
  ],
});
