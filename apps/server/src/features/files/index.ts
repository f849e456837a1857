// The files feature as other parts of the server see it (decision 0005, "Feature boundaries").
export {
  chatImageKey,
  dataImageKey,
  fileUrl,
  keyOfFileUrl,
  styleImageKey,
  toolImageKey,
  type ImageExt,
} from './image-keys';
export { filesRoutes } from './routes';
export { dataImageLinks, verifyDataImageLink, type DataImageLinks } from './data-image-links';
