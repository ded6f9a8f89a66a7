import { can } from '../../auth/access';
import { extendRecord } from '../../crud/extensions';
import { ResultsAction } from './ResultsAction';

/**
 * Questionnaires on the generated pages (docs/questionnaires.md): a released one's results (support
 * count and percentage per option, live, with export). Release and finish are the record's state
 * actions; the receipts come with the publishing mechanism.
 */
extendRecord('questionnaire', {
  rowActions: [{ key: 'results', visible: (s) => can(s.loginInfo, 'questionnaire.read'), when: (row) => row.publishState === 'surveying' || row.publishState === 'finished', Component: ResultsAction }],
});
