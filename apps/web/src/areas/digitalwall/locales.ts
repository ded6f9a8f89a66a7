/** The digital wall's screens' own strings, in both languages (field labels come from the shared declarations). */
export const DIGITAL_WALL_TEXTS = {
  'zh-CN': {
    save: '保存',
    saved: '已保存',
    hint: '数字墙只在公区电视（场景模式为信息发布）上播放，客房电视不会显示。',
  },
  'en-US': {
    save: 'Save',
    saved: 'Saved',
    hint: 'The wall plays on public-area TVs only (scene mode information release); guest-room TVs never show it.',
  },
};
