// The sessionStorage key holding the id of the home announcement this browser session closed
// (AnnouncementModal); the e2e journeys set it to start as a visitor who has seen it.
export const ANNOUNCEMENT_SEEN_KEY = 'announcement_seen';
