import {bookingMetadata, bookingPage} from '@/components/booking/BookingScreen'
import {CarpetBooking} from '@/components/booking/definitions/carpet'

/** /carpet_cleaning: the carpet booking form with its live summary, reviews and questions. */
export const generateMetadata = bookingMetadata('carpet')
export default bookingPage('carpet', CarpetBooking)
