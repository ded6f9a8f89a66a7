import { extendRecord } from '../../crud/extensions';
import { ResultsAction } from './ResultsAction';

/** Hotel surveys on the generated pages (docs/hotelsurvey.md): each survey's measured TVs and verdicts. */
extendRecord('hotelSurvey', { rowActions: [{ key: 'results', when: (row) => row.status !== 'notStarted', Component: ResultsAction }] });
