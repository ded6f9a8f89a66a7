/** The questionnaires' console strings, in both languages. */
export const QUESTIONNAIRE_TEXTS = {
  'zh-CN': {
    results: '结果',
    resultsTitle: '问卷结果',
    total: '共 {{total}} 份回答',
    option: '选项',
    count: '支持数',
    percent: '百分比',
    export: '导出',
    options: '选项',
    live: '每3秒刷新',
  },
  'en-US': {
    results: 'Results',
    resultsTitle: 'Questionnaire results',
    total: '{{total}} answers',
    option: 'Option',
    count: 'Support',
    percent: 'Percentage',
    export: 'Export',
    options: 'Options',
    live: 'Refreshed every 3 s',
  },
};
