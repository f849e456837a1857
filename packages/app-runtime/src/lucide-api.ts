import { createLucideIcon, Icon, LucideProvider, useLucideContext } from 'lucide-react';

/**
 * lucide-react's API without the icons: an app's bundle holds the icons it names, each from its own file, and
 * their one import, the icon factory, is this module's default (decision 0007, "Icons").
 */
export { createLucideIcon, Icon, LucideProvider, useLucideContext };
export default createLucideIcon;
