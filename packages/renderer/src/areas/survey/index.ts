import { defineArea } from '../registry';

/**
 * Hotel surveys: while the TV is in a survey in progress (the `survey` part) it measures its network
 * to the server once per run and reports it (docs/hotelsurvey.md). A small note shows meanwhile.
 */
defineArea({ key: 'survey', part: 'survey', overlay: true, load: () => import('./SurveyTv') });
