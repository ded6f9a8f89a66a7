/** The VOD area's interface strings, in both languages. */
export const VOD_TEXTS = {
  'zh-CN': {
    previewTitle: '酒店UI预览',
    previewHint: '选择酒店，查看其电视按下发优先级（MAC > 酒店 > 品牌 > 全部，不含按MAC下发）解析到的点播页面，与电视绘制相同。',
    hotel: '酒店',
    chooseHotel: '选择酒店',
    open: '全屏预览',
    close: '关闭',
    films: '影片 {{count}} 部',
    rows: '片库：{{names}}',
    none: '该酒店的电视没有收到任何片库',
  },
  'en-US': {
    previewTitle: 'Hotel UI preview',
    previewHint: 'Choose a hotel to see the VOD page its TVs resolve by send priority (MAC > hotel > brand > all; MAC sends left out), drawn as the TVs draw it.',
    hotel: 'Hotel',
    chooseHotel: 'Choose a hotel',
    open: 'Full-screen preview',
    close: 'Close',
    films: '{{count}} films',
    rows: 'Libraries: {{names}}',
    none: 'No library reaches this hotel’s TVs',
  },
};
