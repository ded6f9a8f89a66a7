/** The installer's page (TV-auth), in both languages. */
export const INSTALLER_TEXTS = {
  'zh-CN': {
    title: '电视授权',
    intro: '输入电视的MAC地址（印在电视背面的标签上，也可在电视的“设置 - 关于”中查看），提交后电视即获授权。',
    mac: 'MAC地址',
    macPlaceholder: '12位字母或数字，如 A1B2C3D4E5F6',
    macRequired: '请输入MAC地址',
    location: '提交时会请求手机定位：需要核对位置的项目须允许定位。',
    submit: '授权这台电视',
    done: '电视已授权',
    doneDetail: 'MAC {{mac}}{{hotel}}。电视将在一分钟内收到授权。',
    another: '授权下一台',
    noKey: '请用手机扫描项目的授权二维码打开本页（二维码由平台管理员在“授权管理(新)”中提供）。',
  },
  'en-US': {
    title: 'Authorize a TV',
    intro: 'Enter the TV’s MAC address (on the label at the back of the set, or in the TV’s Settings - About) and send it: the TV is authorized.',
    mac: 'MAC address',
    macPlaceholder: '12 letters or digits, e.g. A1B2C3D4E5F6',
    macRequired: 'Please enter the MAC address',
    location: 'Sending asks for the phone’s location: projects that check it need you to allow it.',
    submit: 'Authorize this TV',
    done: 'The TV is authorized',
    doneDetail: 'MAC {{mac}}{{hotel}}. The TV receives its authorization within a minute.',
    another: 'Authorize the next TV',
    noKey: 'Open this page by scanning the project’s authorization QR code with your phone (the platform administrator provides it under TV-auth projects).',
  },
};
