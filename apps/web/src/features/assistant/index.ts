// The end user's chat with an app's assistant (the chat page and the widget's frame), as app/ composes it.
export { AssistantChat, type AssistantChatProps } from './components/assistant-chat';
