/** Runtime addresses (spec 001 §2): everything stays under the app's base path `/app/{appId}`. */
const enc = encodeURIComponent;

export const appHomePath = (appId: string) => `/app/${enc(appId)}`;
export const toolPagePath = (appId: string, toolPath: string) => `/app/${enc(appId)}/tool/${enc(toolPath)}`;
export const resultPagePath = (appId: string, resultId: string, toolPath: string) =>
  `/app/${enc(appId)}/${enc(resultId)}/tool/${enc(toolPath)}`;
