// An app's end users as its builders manage them (decision 0018, "Users and members").
export { appUserRoutes } from './routes';
