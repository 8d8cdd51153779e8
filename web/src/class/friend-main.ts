/** The page of one seat of a game between two devices. */
import './friend-page';
