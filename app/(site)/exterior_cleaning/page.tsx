import {bookingMetadata, bookingPage} from '@/components/booking/BookingScreen'
import {ExteriorBooking} from '@/components/booking/definitions/exterior'

/** /exterior_cleaning: the exterior booking form with its live summary, reviews and questions. */
export const generateMetadata = bookingMetadata('exterior')
export default bookingPage('exterior', ExteriorBooking)
