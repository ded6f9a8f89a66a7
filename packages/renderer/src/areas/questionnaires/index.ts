import { defineArea } from '../registry';

/**
 * Questionnaires (`openArea` questionnaires): the newest one the room's stay has not answered pops up
 * over every screen, and the page lists those in the survey; the guest answers with the remote, once
 * per stay, from the `questionnaires` part (docs/questionnaires.md).
 */
defineArea({ key: 'questionnaires', part: 'questionnaires', overlay: true, load: () => import('./QuestionnairesTv') });
