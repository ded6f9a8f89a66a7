/** The dashboard's colours: a state has the same colour on its figure and in the charts. */
export const FIGURE_COLORS = {
  online: '#52c41a',
  offline: '#8c8c8c',
  unauthorized: '#fa8c16',
  disabled: '#f5222d',
  alarms: '#cf1322',
  active: '#1677ff',
  registered: '#13c2c2',
};
