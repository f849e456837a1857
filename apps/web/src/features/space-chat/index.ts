export { SpaceChat, type SpaceChatProps } from './components/space-chat-lazy';
