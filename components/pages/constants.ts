/** The booking page every "Get Started" / "Book Now" on the content pages leads to. */
export const BOOKING_HREF = '/house_cleaning'
