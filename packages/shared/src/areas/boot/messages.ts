import type { Text } from '../../i18n/lang.js';

/** Messages of boot settings (spread into `messages`). */
export const bootMessages = {
  'boot.timeFormat': { 'zh-CN': '时间格式为HH:mm', 'en-US': 'Times are written HH:mm' },
  'boot.menuPassword': { 'zh-CN': '密码为4-8位数字', 'en-US': 'The password is 4-8 digits' },
  'boot.menuExists': { 'zh-CN': '本酒店已有高级菜单，请编辑它', 'en-US': 'The hotel already has an advanced menu; edit it instead' },
  'boot.unknownPart': { 'zh-CN': '未知的开机文件类型', 'en-US': 'Unknown kind of boot file' },
  'boot.logoPixels': { 'zh-CN': '图片像素数据不完整或无法解码', 'en-US': 'The picture’s pixel data is incomplete or cannot be decoded' },
  'boot.videoUnreadable': { 'zh-CN': '无法从视频流中读取分辨率', 'en-US': 'The resolution cannot be read from the video stream' },
  'boot.videoOver2k': {
    'zh-CN': '开机视频须在2K以内（{max}），该视频为{width}*{height}',
    'en-US': 'The boot video must be at most 2K ({max}); this one is {width}*{height}',
  },
  'boot.iniName': { 'zh-CN': '配置文件须命名为ts.ini', 'en-US': 'The ini file must be named ts.ini' },
  'boot.iniEncoding': { 'zh-CN': 'ts.ini须为UTF-8文本', 'en-US': 'ts.ini must be UTF-8 text' },
  'boot.iniSyntax': { 'zh-CN': '第{line}行：应为 键=值、[分节] 或注释', 'en-US': 'Line {line}: expected key=value, a [section] or a comment' },
  'boot.iniUnknownKey': { 'zh-CN': '第{line}行：未知的键 {key}（可用：{keys}）', 'en-US': 'Line {line}: unknown key {key} (known: {keys})' },
  'boot.iniDuplicate': { 'zh-CN': '第{line}行：{key} 重复设置', 'en-US': 'Line {line}: {key} is set twice' },
  'boot.iniRange': { 'zh-CN': '第{line}行：{key} 须为{min}-{max}的整数', 'en-US': 'Line {line}: {key} must be a whole number from {min} to {max}' },
  'boot.iniFile': { 'zh-CN': '第{line}行：file 须为 .ts 文件名', 'en-US': 'Line {line}: file must name a .ts file' },
  'boot.iniTooLong': { 'zh-CN': 'ts.ini最多{max}行', 'en-US': 'ts.ini may have at most {max} lines' },
  'boot.frameTooLarge': { 'zh-CN': '动画帧 {name} 为{size}，每张图片须在{max}以内', 'en-US': 'Animation frame {name} is {size}; each picture must be within {max}' },
  'boot.frameUnreadable': { 'zh-CN': '动画帧 {name} 不是可解码的png图片', 'en-US': 'Animation frame {name} is not a PNG picture that decodes' },
  'boot.frameSize': {
    'zh-CN': '动画帧 {name} 为{width}*{height}，desc.txt 规定为{descWidth}*{descHeight}',
    'en-US': 'Animation frame {name} is {width}*{height}; desc.txt says {descWidth}*{descHeight}',
  },
  'boot.animationEntry': {
    'zh-CN': '开机动画只能包含png帧、desc.txt、audio.wav和trim.txt：{name}',
    'en-US': 'A boot animation holds only png frames, desc.txt, audio.wav and trim.txt: {name}',
  },
  'boot.animationEmpty': { 'zh-CN': '开机动画中没有png帧', 'en-US': 'The boot animation holds no png frames' },
  'boot.descHeader': { 'zh-CN': 'desc.txt 第1行须为“宽 高 帧率”', 'en-US': 'desc.txt line 1 must be "width height fps"' },
  'boot.descPart': { 'zh-CN': 'desc.txt 第{line}行：应为“p|c 次数 停顿 目录”', 'en-US': 'desc.txt line {line}: expected "p|c count pause folder"' },
  'boot.descFolder': { 'zh-CN': 'desc.txt 第{line}行：目录 {folder} 中没有帧', 'en-US': 'desc.txt line {line}: folder {folder} holds no frames' },
} as const satisfies Record<string, Text>;
