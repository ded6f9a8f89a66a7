import { can } from '../../auth/access';
import { extendRecord } from '../../crud/extensions';
import { BillDetailsAction } from './BillDetailsAction';
import { GenerateBillsAction } from './GenerateBillsAction';

/** Split bills on the generated page (docs/vod.md): the platform's "Generate split bills" and every reader's details. */
extendRecord('vodBill', {
  toolbar: [{ key: 'generate', visible: (s) => s.loginInfo.user_type === 1 && can(s.loginInfo, 'vodBill.generate'), Component: GenerateBillsAction }],
  rowActions: [{ key: 'details', Component: BillDetailsAction }],
});
