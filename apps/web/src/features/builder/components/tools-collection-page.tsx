/** /build/app/{appId}/tools: explore the tools collection (apps marked as tool templates). */
export function ToolsCollectionPage() {
  return null;
}
