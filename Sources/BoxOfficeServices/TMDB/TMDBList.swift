import Foundation

public enum TMDBList: String, Sendable {
    case upcoming
    case nowPlaying = "now_playing"
}
