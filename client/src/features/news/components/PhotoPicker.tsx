// The picker is shared with pages (components/PhotoPicker.tsx); the news form names it from here.
export { PhotoPicker } from '../../../components/PhotoPicker';
