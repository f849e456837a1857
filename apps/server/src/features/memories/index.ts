// The memories feature as other parts of the server see it (decision 0005, "Feature boundaries").
export { readMemory, remember, rememberedFields, valuesToRemember } from './remember';
export { memoryRoutes } from './routes';
