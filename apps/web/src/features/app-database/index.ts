// The app database's screen (spec 001 §2–§9): composed into the space workspace by app/routes/space-slots.tsx.
export { DatabaseScreen } from './components/database-screen';
export type { DatabaseScreenProps } from './types';
