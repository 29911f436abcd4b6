// The visits module's door: what other modules may use of it (issue 42); everything else is its own.
export { answerVisit, proposeVisit, studentAnswerVisit, studentProposeVisit, visitState } from './service.js';
