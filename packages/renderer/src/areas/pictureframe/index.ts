import { defineArea } from '../registry';

/** The picture frame (docs/pictureframe.md): the hotel's photos over every screen once the TV is left idle. */
defineArea({ key: 'pictureframe', part: 'pictureFrame', overlay: true, load: () => import('./PictureFrameTv') });
