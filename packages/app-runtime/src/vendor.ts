import { init, run, showBuildErrors, start, swap } from './start';

/**
 * The runtime of the `core` group (modules.ts): the server's build of the group registers each of its modules in
 * `__buildaiModules` beside this, so an app's bundle holds only its own files and reads the packages from there.
 */
Object.assign(globalThis, { __buildaiRuntime: { init, run, start, showBuildErrors, swap } });
