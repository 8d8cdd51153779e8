/** The page of one seat of a game between two devices. */
import '../offline';
import './friend-page';
