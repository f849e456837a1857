// The space apps' runtime shell (decision 0007): the sandboxed frame for the workspace, and the public page.
export { SpaceAppFrame, type SpaceAppFrameProps } from './components/space-app-frame';
export { SpaceAppPage } from './components/space-app-page';
